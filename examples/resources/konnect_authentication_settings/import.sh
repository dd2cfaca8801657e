# The settings have no id of their own: any id imports them.
terraform import konnect_authentication_settings.this authentication_settings
