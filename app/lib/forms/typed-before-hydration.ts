/**
 * What a visitor typed or picked in a pre-rendered form before the page hydrated: the browser keeps it in the
 * fields, but the form's state still holds the defaults, so the next render would wipe it and a submit would
 * miss it. Read once after hydration, it goes into the state. Fields are found by their `name` (the state keys).
 */
export function valuesTypedBeforeHydration<Values extends { [Key in keyof Values]: string }>(
  form: HTMLFormElement | null,
  defaults: Values,
): Partial<Values> {
  const typed: Partial<Values> = {};
  if (!form) return typed;
  for (const key of Object.keys(defaults) as (keyof Values & string)[]) {
    const control = form.elements.namedItem(key);
    if (
      (control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement) &&
      control.value !== defaults[key]
    ) {
      typed[key] = control.value as Values[typeof key];
    }
  }
  return typed;
}
