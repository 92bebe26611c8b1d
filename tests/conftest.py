"""Test settings: hypothesis runs the same examples every time and writes nothing to disk."""
from hypothesis import HealthCheck, settings

settings.register_profile(
    "tarot",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("tarot")
