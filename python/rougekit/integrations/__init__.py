"""rougekit inside the tools where ROUGE is computed (torchmetrics, Hugging Face evaluate, ...).

Each integration is its own module, imported only when used: importing ``rougekit`` never
imports torch or any other framework.
"""
