import Foundation

@testable import FlipbookCore
@testable import FlipbookUIKit

/// A Stage showing one full-screen scroll view of `width` × `height` pt over content of
/// `contentHeight`, for the scroll tests.
func scrollScene(width: CGFloat, height: CGFloat, contentHeight: CGFloat) -> (Stage, UIScrollView) {
    let stage = Stage(size: CGSize(width: width, height: height))
    let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    sv.contentSize = CGSize(width: width, height: contentHeight)
    stage.rootView.addSubview(sv)
    return (stage, sv)
}
