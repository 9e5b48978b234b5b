"""Real-browser tests: Debian's chromium, driven by Playwright, on live servers."""
