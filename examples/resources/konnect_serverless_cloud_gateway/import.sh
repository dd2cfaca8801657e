terraform import konnect_serverless_cloud_gateway.this "d32d905a-ed33-46a3-a093-d8f536af9a8a"
