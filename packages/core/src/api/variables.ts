// Route schemas of /api/variables and /api/chats/:id/variables (docs/api.md, "Variables"): the values the
// getvar/getglobalvar macros and the variable tools see. The names and sizes are checked by the route (the same
// rules as the macros' and the tools' writes).

import { type Static, Type } from 'typebox';
import { errorResponses, IdParams } from './common.js';

const MSG_VARIABLES = 'Send { variables: { name: value, ... } } (values are any JSON).';

/** `{ name: JSON value }` */
export const VariableMap = Type.Record(Type.String(), Type.Unknown());
export type VariableMap = Static<typeof VariableMap>;

/** PUT: replaces every variable of the scope. */
export const VariablesBody = Type.Object(
  {
    variables: Type.Record(Type.String(), Type.Unknown(), {
      'x-message': MSG_VARIABLES,
      'x-missing': MSG_VARIABLES,
    }),
  },
  { additionalProperties: false },
);
export type VariablesBody = Static<typeof VariablesBody>;

export const VariablesAnswer = Type.Object({ variables: VariableMap });
export type VariablesAnswer = Static<typeof VariablesAnswer>;

const tags = ['variables'];
export const variableRouteSchemas = {
  getGlobal: { tags, response: { 200: VariablesAnswer } },
  putGlobal: { tags, body: VariablesBody, response: { 200: VariablesAnswer, ...errorResponses } },
  getChat: { tags, params: IdParams, response: { 200: VariablesAnswer, ...errorResponses } },
  putChat: {
    tags,
    params: IdParams,
    body: VariablesBody,
    response: { 200: VariablesAnswer, ...errorResponses },
  },
} as const;
