terraform {
  required_providers {
    konnect = {
      source = "konnectguard/konnect"
    }
  }
}

# The provider reads its connection settings from the environment, so no token is ever
# written into configuration:
#
#   KONNECT_SERVER_URL   Konnect API base URL (for example your region's API host)
#   KONNECT_TOKEN        a personal access token (kpat_...), or KONNECT_SPAT for a
#                        system account token (spat_...)
provider "konnect" {
  # conflict_policy decides what a plan does when it would undo a change someone made in
  # Konnect (UI, another pipeline, an incident responder) since Terraform last wrote the
  # object:
  #   "fail"      (default) the plan stops and names the fields, so you can decide;
  #   "warn"      the plan proceeds with a warning naming what will be overwritten;
  #   "overwrite" the plan proceeds silently (the decision is still logged).
  # Left unset it follows KONNECT_CONFLICT_POLICY, then "fail"; set here, it wins over the
  # environment. Stale saved plans are always refused, whatever this says.
  # conflict_policy = "warn"

  # Each API call waits request_timeout for Konnect's answer and is tried max_retries more
  # times (KONNECT_REQUEST_TIMEOUT, KONNECT_MAX_RETRIES). The defaults, "20s" and 2, make a
  # Konnect that stops answering fail a plan within about a minute.
  # request_timeout = "60s"
  # max_retries     = 4

  # At most this many requests a second, every call and retry of the run together
  # (KONNECT_REQUESTS_PER_SECOND): below your organization's rate limit, a large apply
  # never meets a 429. Unset: no cap.
  # requests_per_second = 20
}
