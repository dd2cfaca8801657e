package acctest

// OrdersSpec is a small OpenAPI document, for the API catalog's tests.
const OrdersSpec = `{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0"},"paths":{}}`
