/** The two API versions the service offers: v1 under /openapi/v1, legacy under /openapi. */
export type ApiVersion = 'v1' | 'legacy';
