"""A ROUGE reward for verl: point its config at this file.

    custom_reward_function.path=examples/verl_rouge_reward.py
    custom_reward_function.name=compute_score            # the naive (default) manager
    # or, scoring the whole batch in one parallel call:
    reward_model.reward_manager=batch
    custom_reward_function.name=compute_score_batch

``custom_reward_function.reward_kwargs`` may set the reward's options, e.g.
``+custom_reward_function.reward_kwargs.types=[rouge1,rougeL]``. Run this file to see the
rewards of a small batch, called the way verl's managers call them.
"""

from __future__ import annotations

from rougekit.integrations.verl import compute_score, compute_score_batch, rouge_compute_score

__all__ = ["compute_score", "compute_score_batch"]

if __name__ == "__main__":
    solutions = ["the cat sat on the mat", "a dog barked", "the cat sat"]
    truths = ["the cat sat on the mat", "the cat sat down", ["a dog barked loudly", "dogs bark"]]
    # verl's naive manager: one call per sample.
    for s, g in zip(solutions, truths):
        print(compute_score(data_source="demo", solution_str=s, ground_truth=g, extra_info={}))
    # verl's batch manager: one call for the batch.
    print(
        compute_score_batch(
            data_sources=["demo"] * 3, solution_strs=solutions, ground_truths=truths,
            extra_infos=[{}] * 3,
        )
    )  # fmt: skip
    # Token ids (padded batches with masks, NumPy or PyTorch CPU tensors).
    import numpy as np

    ids = rouge_compute_score(("rouge1", "rougeL"), profile="token-ids")
    responses = np.array([[5, 6, 7, 0], [5, 9, 0, 0]])
    references = np.array([[5, 6, 7, 8], [9, 5, 0, 0]])
    print(ids.score_ids(responses, references, response_mask=responses != 0,
                        reference_mask=references != 0))  # fmt: skip
