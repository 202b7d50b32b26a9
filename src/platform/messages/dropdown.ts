/**
 * The searchable select's texts (seed 000 §8's dropdown messages, select2's as WooCommerce ships
 * them): the checkout's country and state fields.
 */
export const dropdownMessages = {
  dropdown: {
    errorLoading: 'The results could not be loaded',
    inputTooShort: 'Please enter {count} or more characters',
    inputTooLong: 'Please delete {count} characters',
    inputTooLongOne: 'Please delete {count} character',
    maximumSelected: 'You can only select {count} items',
    maximumSelectedOne: 'You can only select {count} item',
    noResults: 'No results found',
    searching: 'Searching…',
    loadingMore: 'Loading more results…',
    removeAllItems: 'Remove all items',
    showOptions: 'Show options',
  },
} as const;
