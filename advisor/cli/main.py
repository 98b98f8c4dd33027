"""`python -m advisor.cli.main`: the CLI without the console script (used in tests and containers)."""

from advisor.cli import main

if __name__ == "__main__":
    main()
