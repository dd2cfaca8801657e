terraform import konnect_api_document.guide '{"api_id":"9f5061ce-78f6-4452-9108-ad7c02821fd5","id":"de5c9818-be5c-42e6-b514-e3d4bc30ddeb"}'
