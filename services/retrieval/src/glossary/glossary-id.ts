// The reserved id lives in @support/text, beside the glossary's parser, so the projections can
// read glossaries too; re-exported here for retrieval's own users.
export { GLOSSARY_DOC_ID, GLOSSARY_TOPIC, isGlossaryDocument } from '@support/text';
