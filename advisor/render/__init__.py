"""Output formats for reviews; each module renders a list of reviews to text."""
