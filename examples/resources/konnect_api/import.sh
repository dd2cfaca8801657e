terraform import konnect_api.orders "9f5061ce-78f6-4452-9108-ad7c02821fd5"
