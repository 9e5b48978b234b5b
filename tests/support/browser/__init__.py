"""What the real-browser tests share: page helpers, people, the accessibility checker,
and the screenshot tool."""
