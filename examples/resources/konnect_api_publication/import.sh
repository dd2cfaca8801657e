# <api_id>/<portal_id>, or Kong's JSON form
terraform import konnect_api_publication.orders_developers 9f5061ce-78f6-4452-9108-ad7c02821fd5/f32d905a-ed33-46a3-a093-d8f536af9a8a
terraform import konnect_api_publication.orders_developers '{"api_id":"9f5061ce-78f6-4452-9108-ad7c02821fd5","portal_id":"f32d905a-ed33-46a3-a093-d8f536af9a8a"}'
