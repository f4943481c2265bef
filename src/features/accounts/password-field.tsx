/** The auth forms' name for the shared password field (label, show/hide toggle, linked errors). */
export { PasswordInput as PasswordField } from '../../components/ui/password-input';
