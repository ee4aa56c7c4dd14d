// Starts Swagger UI on /api/docs with BidDesk's own description: no top bar (no URL box to load another
// description), no validator badge (it would call validator.swagger.io) and no "Try it out" (a read-only reference;
// the calls need a signed-in session anyway). A script file of its own: the page's CSP allows no inline script.
(function () {
  var root = document.getElementById('swagger-ui');
  if (typeof window.SwaggerUIBundle !== 'function') {
    root.textContent = 'Swagger UI 未随本次构建打包（npm run build 会从 swagger-ui-dist 复制）。接口描述见 /api/openapi.json。';
    return;
  }
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.json',
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    supportedSubmitMethods: [],
    docExpansion: 'list',
    filter: true,
    defaultModelsExpandDepth: 0,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
})();
