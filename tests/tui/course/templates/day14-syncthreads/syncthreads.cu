// TODO: reverseBlocks
