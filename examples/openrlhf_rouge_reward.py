"""A ROUGE reward for OpenRLHF: pass this file as the reward.

    python3 -m openrlhf.cli.train_ppo_ray ... \\
        --reward.remote_url examples/openrlhf_rouge_reward.py --data.label_key answer

OpenRLHF loads ``reward_func`` from the file and calls it with the decoded prompt and
response (``queries``), the prompts and the labels; the response is the query after its
prompt. Run this file to see the rewards of a small batch called that way.
"""

from __future__ import annotations

from rougekit.integrations.openrlhf import rouge_reward_func

# rouge1 and rougeL F, averaged; any option of rouge_reward_func (types, weights, stemmer,
# profile, eos_strings...) can be set here.
reward_func = rouge_reward_func(types=("rouge1", "rougeL"))

if __name__ == "__main__":
    prompts = ["<|im_start|>user\nSummarise: ...<|im_end|>\n<|im_start|>assistant\n"] * 2
    responses = ["the cat sat on the mat<|im_end|>", "a dog barked<|im_end|>"]
    labels = ["the cat sat on the mat", "the cat sat down"]
    out = reward_func([p + r for p, r in zip(prompts, responses)], prompts, labels)
    print(out["rewards"], out["extra_logs"])
