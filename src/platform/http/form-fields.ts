/** A posted form's text fields (files and the like left out), for a page action's schema. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}
