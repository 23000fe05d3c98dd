import 'swagger-ui-react/swagger-ui.css';
import SwaggerUI from 'swagger-ui-react';

/** The /v1 OpenAPI document rendered by Swagger UI (its own chunk: loaded only on the Documentation tab). */
export default function SwaggerView({ spec }: { spec: Record<string, unknown> }) {
  return <SwaggerUI spec={spec} docExpansion="list" defaultModelsExpandDepth={0} tryItOutEnabled={false} supportedSubmitMethods={[]} />;
}
