// Mantine styles of the public pages (sign-in, forgot password, legal), beyond the base ones the entry
// loads, in the order of @mantine/core/styles.css. See docs/decisions/0016-mantine-styles-are-split-for-the-first-load.md.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
