"""The HTTP API (contract section 4): `api.app:create_app(settings)` builds the FastAPI app."""
