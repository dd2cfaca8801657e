terraform import konnect_api_specification.payments '{"api_id":"9f5061ce-78f6-4452-9108-ad7c02821fd5","id":"d32d905a-ed33-46a3-a093-d8f536af9a8a"}'
