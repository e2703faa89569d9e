// Reads a telematics queue form while it streams: the `file` part goes straight into the
// upload pipeline, the text parts are collected, then all parts are validated as FastAPI does
// (declaration order file, version, policy_holder_id, naics_code; a missing part has input null).
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { validate } from './validation/pydantic.ts';
import { NaicsCode } from './schemas/common.ts';
import type { ValidationItem } from './errors.ts';
import { valueErrorItem } from './errors.ts';

export interface FormFile {
  filename: string;
  stream: Readable;
}

/** Text part schemas, in the order their errors are reported. */
export function formFieldSchemas(withNaics: boolean): [string, TSchema, boolean][] {
  const fields: [string, TSchema, boolean][] = [
    ['version', Type.Literal('v1'), false],
    ['policy_holder_id', Type.String(), true],
  ];
  if (withNaics) fields.push(['naics_code', NaicsCode, false]);
  fields.push(['callback_url', Type.String({ pattern: '^https?://' }), false]);
  return fields;
}

export interface ParsedForm {
  fields: Record<string, string>;
  fileSeen: boolean;
}

/**
 * Iterates the parts; `onFile` consumes the file stream (it must read it to the end or throw).
 * Extra parts and a second file are drained and ignored, as pydantic ignores unknown fields.
 */
export async function readForm(request: FastifyRequest, onFile: (file: FormFile) => Promise<void>): Promise<ParsedForm> {
  const fields: Record<string, string> = {};
  let fileSeen = false;
  if (!request.isMultipart()) return { fields, fileSeen };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file' && !fileSeen) {
        fileSeen = true;
        await onFile({ filename: part.filename ?? '', stream: part.file });
      } else {
        await finished(part.file.resume()).catch(() => {});
      }
    } else if (!(part.fieldname in fields)) {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, fileSeen };
}

export function validateFormFields(form: ParsedForm, withNaics: boolean, fileError: ValidationItem | null): ValidationItem[] {
  const items: ValidationItem[] = [];
  if (!form.fileSeen) {
    items.push(
      'file' in form.fields
        ? valueErrorItem(['body', 'file'], "Expected UploadFile, received: <class 'str'>", form.fields.file)
        : { type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null },
    );
  } else if (fileError) {
    items.push(fileError);
  }
  for (const [name, schema, required] of formFieldSchemas(withNaics)) {
    const value = form.fields[name];
    // FastAPI treats an empty form value like an absent one.
    if (value === undefined || value === '') {
      if (required) items.push({ type: 'missing', loc: ['body', name], msg: 'Field required', input: null });
      continue;
    }
    const result = validate(schema, value, ['body', name]);
    if (!result.ok) items.push(...result.errors);
  }
  return items;
}
