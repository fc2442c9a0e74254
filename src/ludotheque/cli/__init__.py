"""The ``ludotheque`` command."""
