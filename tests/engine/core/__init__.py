"""The contract every registered game keeps, run for each one."""
