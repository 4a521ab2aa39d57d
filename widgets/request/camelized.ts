/**
 * The type of an answer after the request layer camelCases its keys (camel-case.ts), derived from the server's
 * schema types: `type Order = Camelized<OrderView>`. Open objects' `[key: string]: unknown` signatures are dropped
 * (a widget reads only the fields the schema names); records of a known value type (`additionalProperties: {...}`)
 * stay.
 */
export type Camelized<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Camelized<T[I]> }
  : T extends object
    ? {
        [K in keyof T as K extends string
          ? string extends K
            ? unknown extends T[K]
              ? never
              : K
            : CamelKey<K>
          : K]: Camelized<T[K]>;
      }
    : T;

/** snake_case or kebab-case → camelCase, as camelKey does at runtime. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${CamelKey<Capitalize<Tail>>}`
  : S extends `${infer Head}-${infer Tail}`
    ? `${Head}${CamelKey<Capitalize<Tail>>}`
    : S;
