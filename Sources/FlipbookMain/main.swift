import CMallocTuning
import FlipbookCLI
import Foundation

// Frames are multi-megabyte buffers allocated and freed every frame; keep them in the heap
// instead of mapping and unmapping pages each time (that cost a third of a render's CPU in
// system time).
flipbook_keep_large_allocations_in_heap()
exit(FlipbookProgram.main(Array(CommandLine.arguments.dropFirst())))
