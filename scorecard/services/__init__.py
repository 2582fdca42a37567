"""The use cases. The command line and the terminal UI call only these.

Every function takes a `Context` whose session belongs to the caller: services flush, the caller
commits or rolls back, so one command is one transaction.
"""
