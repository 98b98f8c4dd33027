"""examples/deploy/: the compose file and the Kubernetes manifests say what docs/api.md promises."""

from __future__ import annotations

from pathlib import Path

import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "examples" / "deploy"


def test_compose_runs_replicas_on_postgres_with_readiness():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    api, db = compose["services"]["api"], compose["services"]["db"]
    assert api["environment"]["ADVISOR_DATABASE_URL"].startswith("postgresql://")
    assert "/readyz" in " ".join(api["healthcheck"]["test"])
    assert api["depends_on"]["db"]["condition"] == "service_healthy" and db["image"].startswith("postgres:")
    assert "--workers" in api["command"] and "ports" not in api  # only the proxy is published
    assert all(p.startswith("127.0.0.1:") for p in compose["services"]["proxy"]["ports"])


def test_kubernetes_reads_the_url_from_a_secret_and_is_ready_on_readyz():
    docs = list(yaml.safe_load_all((DEPLOY / "kubernetes" / "advisor.yaml").read_text()))
    kinds = {d["kind"]: d for d in docs}
    assert set(kinds) == {"Deployment", "Service"}
    container = kinds["Deployment"]["spec"]["template"]["spec"]["containers"][0]
    env = {e["name"]: e for e in container["env"]}
    assert env["ADVISOR_DATABASE_URL"]["valueFrom"]["secretKeyRef"] == {"name": "advisor-database", "key": "url"}
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert kinds["Deployment"]["spec"]["replicas"] >= 2
    assert kinds["Service"]["spec"]["selector"] == kinds["Deployment"]["spec"]["selector"]["matchLabels"]


def test_the_postgresql_settings_keep_durability_and_are_the_same_everywhere():
    """The settings compose.yaml starts PostgreSQL with are the bench's (bench.api reads them) and the Kubernetes
    example's; none of them gives up a 201's durability."""
    from bench.api import deployment_settings

    settings = deployment_settings()
    assert settings["synchronous_commit"] == "on" and settings.get("fsync", "on") == "on"
    assert settings.get("full_page_writes", "on") == "on"
    kubernetes = (DEPLOY / "kubernetes" / "advisor.yaml").read_text()
    readme = (DEPLOY / "README.md").read_text()
    for name, value in settings.items():
        assert f"{name}={value}" in kubernetes
        assert f"`{name}`" in readme
