terraform import konnect_application_auth_strategy.keys "22f8380e-7798-4566-99e3-2edf2b57d289"
