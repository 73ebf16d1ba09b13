"""ROUGE-1.5.5.pl's command line on rougekit's core: ``rougekit perl [options] CONFIG [ID]``.

Same options, configuration files (XML or ``-z`` file lists; SPL, SEE, ISI, SIMPLE
summaries) and output text as the Perl script, byte for byte (spec: ROUGE-1.5.5 behaviour,
§2, §4, §5, §10-§12). :func:`main` takes the arguments after ``perl`` and returns the exit
code.
"""

from rougekit.perl.command import main, run
from rougekit.perl.options import PerlOptions, build_options, getopts

__all__ = ["PerlOptions", "build_options", "getopts", "main", "run"]
