// Gatsby requires a main entry for local plugins; the plugin's work is in gatsby-node.ts.
