import { describe, expect, it } from 'vitest';
import { addressLists } from './address-lists.ts';
import { formDefinitionSchema, type FormDefinitionInput } from './definition.ts';

const form = (input: Partial<FormDefinitionInput>) =>
  formDefinitionSchema.parse({ id: 'lists', title: 'Lists', fields: [], ...input });

describe('an address field’s countries and states', () => {
  it('are given only to a form with an address field', () => {
    expect(addressLists(form({ fields: [{ id: '1', type: 'text', label: 'Name' }] }))).toBe(
      undefined,
    );
  });

  it('are the checkout’s countries, with the states of the country the field shows first', () => {
    const lists = addressLists(
      form({ fields: [{ id: '1', type: 'address', label: 'Address', default_country: 'CA' }] }),
    )!;
    expect(lists.countries).toContainEqual(['GB', 'United Kingdom (UK)']);
    expect(lists.countries).toContainEqual(['DE', 'Germany']);
    expect(Object.keys(lists.states)).toEqual(['CA']);
    expect(lists.states.CA).toContainEqual(['QC', 'Quebec']);
  });

  it('follow a country posted without JavaScript, and give none to a country without states', () => {
    const address = form({
      fields: [
        { id: '1', type: 'address', label: 'Address' },
        { id: '2', type: 'address', label: 'Shipping', scheme: 'us' },
      ],
      settings: { address_field: { list_countries_without_states: ['GB'] } },
    });
    const posted = (country: string) =>
      addressLists(address, [['wpforms[fields][1][country]', country]])!.states;
    expect(Object.keys(posted('DE')).sort()).toEqual(['DE', 'US']);
    expect(posted('DE').DE).toContainEqual(['BY', 'Bayern']);
    expect(Object.keys(posted('GB'))).toEqual(['US']);
  });
});
