"""Allows `python -m scorecard`."""

from scorecard.cli import main

main()
