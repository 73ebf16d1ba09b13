"""The Hugging Face Space of rougekit's evaluate metric: evaluate's standard metric widget
for the module file beside this one."""

from pathlib import Path

import evaluate
from evaluate.utils import launch_gradio_widget

module = evaluate.load(str(Path(__file__).resolve().parent))
launch_gradio_widget(module)
