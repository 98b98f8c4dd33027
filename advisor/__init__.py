"""Platform Advisor: declarative tuning rules for SAP and large workloads on Power, HP-UX, z/OS and z/VM."""

__version__ = "0.1.0"
