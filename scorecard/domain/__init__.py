"""The pure core: models, the rubric and every scoring rule. Imports no I/O library."""
