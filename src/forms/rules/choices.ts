/** What a choice submits: its value, or its label when the value is empty (WPForms' "show values" off). */
export const choiceValue = (choice: { label: string; value: string }): string =>
  choice.value || choice.label;
