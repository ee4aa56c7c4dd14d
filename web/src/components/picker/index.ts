/** The organisation/employee picker (spec section 2) and the form controls that open it. */
export { default as OrgPickerDialog, MULTI_WIDTH, SINGLE_WIDTH, type OrgPickerProps } from './OrgPickerDialog';
export { OrgPickerInput, EmployeePickerInput, type OrgPickerInputProps, type EmployeePickerInputProps } from './PickerInputs';
export type { Selection } from './pickerState';
export { joinUnitCodes, joinUnitNames, joinUserCodes, joinUserNames, splitUnitCodes, splitUserCodes } from './pickerState';
