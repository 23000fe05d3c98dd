// Mantine styles the first screen needs (loader, error screen), in the order of @mantine/core/styles.css.
// The portal shell loads the full stylesheet; the sign-in pages add their own few. See docs/decisions.
// Not default-css-variables.css (27 kB): MantineProvider writes the theme's variables (providers.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
