"""The screen (pygame): draws a given state and prompt, knows nothing else."""
