/** A JSON Schema describing an object: the parameters of one tool. */
export interface JsonObjectSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: readonly string[];
  [keyword: string]: unknown;
}

/** A tool the model may call: what it is offered under, and what it is told about it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonObjectSchema;
}
