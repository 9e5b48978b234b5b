"""A host's tools: the ``chromino`` command, the migrations runner, backups and other
admin tasks. Ops may use every room; only the command's entry point imports ops."""
