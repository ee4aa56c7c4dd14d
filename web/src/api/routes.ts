/**
 * The routes of the generated API description as types (api/openapi.json -> schema.d.ts, `npm run gen:api`): a call
 * definition names a path of the document and one of that path's methods, and its query, body and answer are read
 * from the document, never stated by hand (docs/api.md, 'How a web call is typed'). Types only: the transport is
 * request() in client.ts.
 */
import type { paths } from './schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A path of the document. */
export type ApiPath = keyof paths;

/** The operation of a path and method (never when the document has no such method on that path). */
export type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][Lowercase<M>]>;

/** The methods the document declares on a path. */
export type MethodsOf<P extends ApiPath> = { [M in Method]: [Operation<P, M>] extends [never] ? never : M }[Method];

/** Every (path, method) pair of the document: a definition naming another pair does not compile. */
export type Route = { [P in ApiPath]: { readonly path: P; readonly method: MethodsOf<P> } }[ApiPath];

/** The routes with a given method (GET routes for the generic list calls). */
export type RouteWith<M extends Method> = {
  [P in ApiPath]: M extends MethodsOf<P> ? { readonly path: P; readonly method: M } : never;
}[ApiPath];

/** The paths that have a GET in the document (downloads and exports are such paths). */
export type GetPath = { [P in ApiPath]: 'GET' extends MethodsOf<P> ? P : never }[ApiPath];

type OperationOf<D> = D extends { readonly path: infer P extends ApiPath; readonly method: infer M extends Method }
  ? Operation<P, M>
  : never;

/** `data` of the 200 answer's envelope. */
export type AnswerOf<D> = OperationOf<D> extends { responses: { 200: { content: { 'application/json': infer J } } } }
  ? J extends { data?: infer T }
    ? T
    : unknown
  : unknown;

/**
 * A query value as the client may send it: the declared type, and for numbers and booleans also their text (the URL
 * carries text either way; list state and form fields are text).
 */
type QueryValue<T> = T extends number ? T | `${number}` : T extends boolean ? T | 'true' | 'false' | '1' | '0' : T;

/** The query parameters the document declares for a call (never when it declares none). */
export type QueryOf<D> = OperationOf<D> extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never]
    ? never
    : { [K in keyof NonNullable<Q>]: QueryValue<NonNullable<Q>[K]> }
  : never;

/** The JSON body the document declares for a call; FormData for a multipart upload; never when it declares none. */
export type BodyOf<D> = OperationOf<D> extends { requestBody?: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : C extends { 'multipart/form-data': unknown }
      ? FormData
      : never
  : never;

/** What a call sends: the query for GET and DELETE, the body for POST and PUT (request() puts it there). */
export type PayloadOf<D> = D extends { readonly method: 'GET' | 'DELETE' } ? QueryOf<D> : BodyOf<D>;
