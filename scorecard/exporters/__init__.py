"""Exporters turn a validated edition document into bytes: JSON, CSV, PDF. They write no files."""
