"""Chromino online's web server: accounts, tables, and live games over websockets."""
