/* GraphiQL for Meridian's /graphql, with React and GraphiQL served by this gateway from their npm
 * packages (nothing from a CDN). The key goes in the Headers tab as X-Gateway-Key; it starts from
 * the key the dashboard keeps in this tab's session storage, when there is one. */
/* global document, sessionStorage, React, ReactDOM, GraphiQL */
'use strict';

(function graphiqlPage() {
  const key = sessionStorage.getItem('meridian.dashboard.key') || '';
  const root = document.getElementById('graphiql');
  if (typeof GraphiQL !== 'function' || typeof React !== 'object' || typeof ReactDOM !== 'object') {
    root.textContent = 'GraphiQL did not load from /graphiql/vendor/.';
    return;
  }
  // the key also as a fetcher header, so that the schema introspection at start-up carries it
  const fetcher = GraphiQL.createFetcher({ url: '/graphql', headers: key ? { 'X-Gateway-Key': key } : {} });
  const defaultQuery = [
    '# Meridian GraphQL (geo reference data).',
    '# Your key goes in the Headers tab below.',
    '{',
    '  populatedPlaces(namePrefix: "San Fr", first: 3) {',
    '    totalCount',
    '    edges { node { id name country { name } region { name } } }',
    '  }',
    '}',
    '',
  ].join('\n');
  ReactDOM.createRoot(root).render(React.createElement(GraphiQL, {
    fetcher,
    defaultQuery,
    defaultHeaders: JSON.stringify({ 'X-Gateway-Key': key }, null, 2),
    defaultEditorToolsVisibility: 'headers',
    shouldPersistHeaders: false,
  }));
})();
